/**
 * The person-segmentation model for camera effects, made from the npm package
 * @mediapipe/selfie_segmentation (Apache-2.0; selfie_segmentation.tflite,
 * 256x256 RGB float input, one 256x256 mask output). @mediapipe/tasks-vision
 * refuses a float model without TFLite metadata that tells it how to turn
 * pixels into the input tensor ("requires specifying NormalizationOptions
 * metadata"), so this step attaches that metadata: RGB input, normalised as
 * (x - 0) / 255 — what the model was trained on — and grayscale mask output.
 *
 * The result is cached under node_modules/.cache/tsudoi/segmentation-<hash>/ by a hash of the
 * source model and of these build files, so it is made once per install.
 * The renderer build (desktop/vite.config.ts) calls it; by hand:
 *   node build/segmentation-model.mjs          prints the model's path
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { attachMetadata, buildImageModelMetadata, describeModel, readMetadata } from './lib/tflite-metadata.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export const SEGMENTATION_SOURCE = { pkg: '@mediapipe/selfie_segmentation', file: 'selfie_segmentation.tflite' };
/** Segmentation input (calls-errors-limits §9.1). */
export const SEGMENTATION_SIZE = 256;

function sourcePath() {
  const require = createRequire(path.join(root, 'package.json'));
  const dir = path.dirname(require.resolve(`${SEGMENTATION_SOURCE.pkg}/package.json`));
  return path.join(dir, SEGMENTATION_SOURCE.file);
}

/** The model with metadata, from the package's bytes (checks the tensors are what the metadata says). */
export function makeSegmentationModel(source) {
  const { inputs, outputs, metadataNames } = describeModel(source);
  const size = SEGMENTATION_SIZE;
  const [input] = inputs;
  const expected = JSON.stringify([1, size, size, 3]);
  if (inputs.length !== 1 || input.type !== 'FLOAT32' || JSON.stringify(input.shape) !== expected)
    throw new Error(`unexpected model input ${JSON.stringify(inputs)} (wanted one FLOAT32 ${expected})`);
  if (outputs.length !== 1) throw new Error(`unexpected model outputs ${JSON.stringify(outputs)}`);
  if (metadataNames.includes('TFLITE_METADATA')) return source;
  const metadata = buildImageModelMetadata({
    name: 'Selfie segmentation',
    description: 'Segments the person in front of the camera (MediaPipe selfie segmentation, general model).',
    version: 'v1',
    author: 'Google (MediaPipe); metadata added by the Tsudoi build',
    license: 'Apache License, Version 2.0',
    input: {
      name: 'image',
      description: `${size}x${size} RGB image, values normalised to [0, 1].`,
      min: [0],
      max: [255],
    },
    outputs: [{ name: 'segmentation', description: 'Person confidence per pixel, 0 to 1.', min: [0], max: [1] }],
    mean: [0],
    std: [255],
    width: size,
    height: size,
  });
  const model = attachMetadata(source, metadata);
  // read it back: the same metadata bytes, the same tensors
  const back = readMetadata(model);
  if (!back || Buffer.compare(Buffer.from(back), Buffer.from(metadata)) !== 0)
    throw new Error('the metadata does not read back from the new model');
  if (JSON.stringify(describeModel(model).inputs) !== JSON.stringify(inputs))
    throw new Error('the new model does not read back the same input');
  return model;
}

/** Path of the model with metadata, made now unless a cached copy for the same inputs exists. */
export function ensureSegmentationModel({ log = () => {} } = {}) {
  const source = fs.readFileSync(sourcePath());
  const hash = crypto.createHash('sha256').update(source);
  for (const file of ['segmentation-model.mjs', 'lib/tflite-metadata.mjs'])
    hash.update(fs.readFileSync(path.join(here, file)));
  const key = hash.digest('hex').slice(0, 16);
  const out = path.join(root, 'node_modules/.cache/tsudoi', `segmentation-${key}`, SEGMENTATION_SOURCE.file);
  if (fs.existsSync(out)) return out;
  const model = makeSegmentationModel(new Uint8Array(source));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, model);
  fs.renameSync(tmp, out);
  log(`segmentation model with metadata: ${out} (${model.length} bytes)`);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ensureSegmentationModel({ log: (m) => console.error(m) }));
}
