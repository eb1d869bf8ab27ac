// /test: can this browser take part in a meeting? Camera, microphone and the
// round trip to this server, checked on a click (no sign-in, no floor code).
(function () {
  'use strict';
  var box = document.querySelector('.device-test');
  var button = document.getElementById('device-test-start');
  if (!box || !button) return;
  var video = box.querySelector('video');
  function set(name, ok, detail) {
    var row = box.querySelector('[data-check="' + name + '"]');
    var state = row.querySelector('.check__state');
    state.dataset.state = ok ? 'ok' : 'failed';
    state.textContent = ok ? box.dataset.ok : box.dataset.failed;
    row.querySelector('.check__detail').textContent = detail || '';
  }
  function browser() {
    var ok = !!(
      window.RTCPeerConnection &&
      navigator.mediaDevices &&
      navigator.mediaDevices.getUserMedia &&
      window.WebSocket
    );
    set('browser', ok, navigator.userAgent.replace(/^.*\) /, '').slice(0, 80));
  }
  function device(kind, constraints) {
    if (!navigator.mediaDevices) return Promise.resolve(set(kind, false, ''));
    return navigator.mediaDevices.getUserMedia(constraints).then(
      function (stream) {
        var track = stream.getTracks()[0];
        set(kind, true, track ? track.label : '');
        if (kind === 'camera' && video) {
          video.srcObject = stream;
          video.play().catch(function () {});
        } else
          stream.getTracks().forEach(function (t) {
            t.stop();
          });
      },
      function (error) {
        set(kind, false, error && error.name ? error.name : '');
      },
    );
  }
  function network() {
    var times = [];
    function once(i) {
      if (i >= 5) {
        times.sort(function (a, b) {
          return a - b;
        });
        var median = times[2];
        return set('network', median < 1000, Math.round(median) + ' ms');
      }
      var start = performance.now();
      return fetch('/api/health?check=' + i, { cache: 'no-store' }).then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        times.push(performance.now() - start);
        return once(i + 1);
      });
    }
    return once(0).catch(function (e) {
      set('network', false, String(e && e.message));
    });
  }
  button.addEventListener('click', function () {
    button.disabled = true;
    browser();
    device('camera', { video: true })
      .then(function () {
        return device('microphone', { audio: true });
      })
      .then(network)
      .then(function () {
        button.disabled = false;
      });
  });
})();
