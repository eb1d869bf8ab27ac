/** An asset (stylesheet, image) in a unit spec: an empty string (build/test-hooks.mjs). */
module.exports = '';
