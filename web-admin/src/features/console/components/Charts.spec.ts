import { expect } from 'chai';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AreaChart, BarChart } from './Charts';

const days = (values: number[]) =>
  values.map((value, i) => ({ label: `2026-11-${String(i + 1).padStart(2, '0')}`, value }));
const mb = (v: number) => `${(v / 1_048_576).toFixed(2)} MB`;

/** The value labels on the axis: their right edge (x, text-anchor end) and their text. */
function axisLabels(svg: string) {
  return [...svg.matchAll(/<text x="([\d.]+)" y="[\d.]+" class="chart__axis" text-anchor="end">([^<]+)<\/text>/g)].map(
    (m) => ({ right: Number(m[1]), text: m[2]! }),
  );
}

describe('admin charts', () => {
  for (const [name, chart] of [
    ['bar', BarChart],
    ['area', AreaChart],
  ] as const) {
    it(`${name}: long value labels ("572.20 MB") fit left of the plot, whole`, () => {
      const svg = renderToStaticMarkup(createElement(chart, { points: days([0, 2e8, 5e8]), title: 't', format: mb }));
      const labels = axisLabels(svg);
      expect(labels.map((l) => l.text)).to.include('572.20 MB');
      // 11 px text: a digit or capital is at most about 6.6 units wide; each label must start inside the box
      for (const l of labels) expect(l.right - l.text.length * 6.6, l.text).to.be.at.least(0);
      const plotStart = Number(svg.match(/<line x1="([\d.]+)"/)![1]);
      expect(plotStart).to.be.greaterThan(Math.max(...labels.map((l) => l.right)));
    });
  }

  it('short labels leave the plot most of the width', () => {
    const svg = renderToStaticMarkup(createElement(BarChart, { points: days([1, 3, 2]), title: 't' }));
    expect(Number(svg.match(/<line x1="([\d.]+)"/)![1])).to.be.at.most(40);
  });
});
