/**
 * Attaches TFLite model metadata (tensorflow_lite_support metadata_schema.fbs,
 * file identifier "M001") to a .tflite model (tensorflow/lite schema.fbs,
 * file identifier "TFL3"), the way the tflite-support MetadataPopulator does:
 * the metadata flatbuffer goes into a new entry of Model.buffers and a
 * Model.metadata entry named "TFLITE_METADATA" points at it.
 *
 * The model is not decoded table by table: flatbuffer offsets are relative
 * and point forwards, so a new root Model table (same fields, the two vectors
 * it changes rebuilt) and the new objects are written in front of the original
 * bytes, which stay as they are, shifted by a multiple of 16 (Buffer.data is
 * force_align: 16). The original root table is left unreferenced.
 */
import * as flatbuffers from 'flatbuffers';

const TFLITE_METADATA = 'TFLITE_METADATA';
// schema.fbs: table Model { version; operator_codes; subgraphs; description; buffers; metadata_buffer; metadata; signature_defs }
const MODEL_FIELDS = 8;
const F_VERSION = 0;
const F_SUBGRAPHS = 2;
const F_BUFFERS = 4;
const F_METADATA = 6;
// metadata_schema.fbs union indices
const CONTENT_IMAGE_PROPERTIES = 2;
const PROCESS_UNIT_NORMALIZATION = 1;
export const COLOR_SPACE = { RGB: 1, GRAYSCALE: 2 };
// schema.fbs: enum TensorType
const TENSOR_TYPES = ['FLOAT32', 'FLOAT16', 'INT32', 'UINT8', 'INT64', 'STRING', 'BOOL', 'INT16', 'COMPLEX64', 'INT8'];

/** A read-only view of one flatbuffer (little-endian), enough to walk tables, vectors and strings. */
class FlatView {
  constructor(bytes) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u32(pos) {
    return this.view.getUint32(pos, true);
  }
  root() {
    return this.u32(0);
  }
  identifier() {
    return new TextDecoder().decode(this.bytes.subarray(4, 8));
  }
  /** Absolute position of a field's value in a table, or 0 when the field is absent. */
  field(table, id) {
    const vtable = table - this.view.getInt32(table, true);
    const size = this.view.getUint16(vtable, true);
    const at = 4 + 2 * id;
    const offset = at < size ? this.view.getUint16(vtable + at, true) : 0;
    return offset ? table + offset : 0;
  }
  /** Where the object a uoffset at `pos` points to starts. */
  deref(pos) {
    return pos + this.u32(pos);
  }
  /** Positions of a vector's elements (tables: dereferenced). */
  vector(pos, { tables = false, size = 4 } = {}) {
    if (!pos) return [];
    const start = this.deref(pos);
    const length = this.u32(start);
    return Array.from({ length }, (_, i) => (tables ? this.deref(start + 4 + size * i) : start + 4 + size * i));
  }
  string(pos) {
    if (!pos) return '';
    const start = this.deref(pos);
    return new TextDecoder().decode(this.bytes.subarray(start + 4, start + 4 + this.u32(start)));
  }
}

/** The main subgraph's input and output tensors: name, type and shape. */
export function describeModel(model) {
  const fb = new FlatView(model);
  if (fb.identifier() !== 'TFL3') throw new Error('not a TFLite model (file identifier is not TFL3)');
  const root = fb.root();
  const [subgraph] = fb.vector(fb.field(root, F_SUBGRAPHS), { tables: true });
  if (subgraph === undefined) throw new Error('the model has no subgraph');
  // table SubGraph { tensors; inputs; outputs; ... }   table Tensor { shape:[int]; type:TensorType; buffer; name; ... }
  const tensors = fb.vector(fb.field(subgraph, 0), { tables: true });
  const tensor = (index) => {
    const t = tensors[index];
    const type = fb.field(t, 1);
    return {
      name: fb.string(fb.field(t, 3)),
      type: TENSOR_TYPES[type ? fb.bytes[type] : 0] ?? 'OTHER',
      shape: fb.vector(fb.field(t, 0)).map((p) => fb.view.getInt32(p, true)),
    };
  };
  const indices = (id) => fb.vector(fb.field(subgraph, id)).map((p) => fb.view.getInt32(p, true));
  const metadataNames = fb.vector(fb.field(root, F_METADATA), { tables: true }).map((m) => fb.string(fb.field(m, 0)));
  return { inputs: indices(1).map(tensor), outputs: indices(2).map(tensor), metadataNames };
}

/**
 * The metadata flatbuffer of a one-input image model: ImageProperties (colour
 * space, size) and NormalizationOptions on the input, ImageProperties on each
 * output. `min_parser_version` "1.0.0": nothing newer than schema 1.0 is used.
 */
export function buildImageModelMetadata({
  name,
  description,
  version,
  author,
  license,
  input,
  outputs,
  mean,
  std,
  width,
  height,
}) {
  const b = new flatbuffers.Builder(1024);
  const str = (s) => b.createString(s);
  const floats = (values) => {
    b.startVector(4, values.length, 4);
    for (let i = values.length - 1; i >= 0; i--) b.addFloat32(values[i]);
    return b.endVector();
  };
  const offsets = (values) => {
    b.startVector(4, values.length, 4);
    for (let i = values.length - 1; i >= 0; i--) b.addOffset(values[i]);
    return b.endVector();
  };
  const table = (fields) => {
    b.startObject(Math.max(...fields.map(([id]) => id)) + 1);
    for (const [id, kind, value] of fields) {
      if (kind === 'offset') b.addFieldOffset(id, value, 0);
      else if (kind === 'int8') b.addFieldInt8(id, value, 0);
      else b.addFieldInt32(id, value, 0); // uint32 in the schema; sizes fit
    }
    return b.endObject();
  };
  const imageContent = (colorSpace) => {
    const size = table([
      [0, 'int32', width],
      [1, 'int32', height],
    ]);
    const image = table([
      [0, 'int8', colorSpace],
      [1, 'offset', size],
    ]);
    return table([
      [0, 'int8', CONTENT_IMAGE_PROPERTIES],
      [1, 'offset', image],
    ]);
  };
  const stats = (min, max) =>
    table([
      [0, 'offset', floats(max)],
      [1, 'offset', floats(min)],
    ]);
  // TensorMetadata { name; description; dimension_names; content; process_units; stats; associated_files }
  const tensor = ({ name: tensorName, description: text, colorSpace, min, max, units }) => {
    const n = str(tensorName);
    const d = str(text);
    const content = imageContent(colorSpace);
    const s = stats(min, max);
    const u = units ? offsets(units) : 0;
    return table([
      [0, 'offset', n],
      [1, 'offset', d],
      [3, 'offset', content],
      ...(u ? [[4, 'offset', u]] : []),
      [5, 'offset', s],
    ]);
  };
  const normalization = table([
    [0, 'offset', floats(mean)],
    [1, 'offset', floats(std)],
  ]);
  const unit = table([
    [0, 'int8', PROCESS_UNIT_NORMALIZATION],
    [1, 'offset', normalization],
  ]);
  const inputMeta = tensor({ ...input, colorSpace: input.colorSpace ?? COLOR_SPACE.RGB, units: [unit] });
  const outputMetas = outputs.map((o) => tensor({ ...o, colorSpace: o.colorSpace ?? COLOR_SPACE.GRAYSCALE }));
  const subgraph = table([
    [0, 'offset', str(name)],
    [2, 'offset', offsets([inputMeta])],
    [3, 'offset', offsets(outputMetas)],
  ]);
  const fields = [
    [0, 'offset', str(name)],
    [1, 'offset', str(description)],
    [2, 'offset', str(version)],
    [3, 'offset', offsets([subgraph])],
    [4, 'offset', str(author)],
    [5, 'offset', str(license)],
    [7, 'offset', str('1.0.0')],
  ];
  b.finish(table(fields), 'M001');
  return b.asUint8Array();
}

/** Writes little-endian values into a growing prefix at absolute positions. */
class Prefix {
  constructor() {
    this.bytes = new Uint8Array(1024);
    this.end = 0;
  }
  alloc(size, align = 4) {
    const at = Math.ceil(this.end / align) * align;
    this.end = at + size;
    while (this.end > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    return at;
  }
  get view() {
    return new DataView(this.bytes.buffer);
  }
  u16(pos, value) {
    this.view.setUint16(pos, value, true);
  }
  u32(pos, value) {
    this.view.setUint32(pos, value, true);
  }
  i32(pos, value) {
    this.view.setInt32(pos, value, true);
  }
  /** A vtable followed by its table; returns the table's position and its field slots. */
  table(slots) {
    const vtableSize = 4 + 2 * slots.length;
    const tableSize = 4 + 4 * slots.length;
    const vtable = this.alloc(vtableSize, 4);
    const at = this.alloc(tableSize, 4);
    this.u16(vtable, vtableSize);
    this.u16(vtable + 2, tableSize);
    slots.forEach((present, i) => this.u16(vtable + 4 + 2 * i, present ? 4 + 4 * i : 0));
    this.i32(at, at - vtable);
    return { at, slot: (i) => at + 4 + 4 * i };
  }
}

/** The model with `metadata` attached as TFLITE_METADATA (the input model must not have any yet). */
export function attachMetadata(model, metadata) {
  const fb = new FlatView(model);
  if (fb.identifier() !== 'TFL3') throw new Error('not a TFLite model (file identifier is not TFL3)');
  const root = fb.root();
  const oldMetadata = fb.vector(fb.field(root, F_METADATA), { tables: true });
  if (oldMetadata.some((m) => fb.string(fb.field(m, 0)) === TFLITE_METADATA))
    throw new Error('the model already carries TFLITE_METADATA');
  const oldBuffers = fb.vector(fb.field(root, F_BUFFERS), { tables: true });

  const p = new Prefix();
  const rootOffset = p.alloc(8); // root uoffset + file identifier
  const present = Array.from({ length: MODEL_FIELDS }, (_, id) => id === F_METADATA || fb.field(root, id) !== 0);
  const newRoot = p.table(present);
  const buffers = p.alloc(4 + 4 * (oldBuffers.length + 1));
  const metas = p.alloc(4 + 4 * (oldMetadata.length + 1));
  const meta = p.table([true, true]); // Metadata { name:string; buffer:uint }
  const metaName = p.alloc(4 + TFLITE_METADATA.length + 1);
  const buffer = p.table([true]); // Buffer { data:[ubyte] (force_align: 16); ... }
  // the vector's length sits just before its bytes, which start 16-aligned
  p.alloc((16 - ((p.end + 4) % 16)) % 16, 1);
  const data = p.alloc(4 + metadata.length, 1);
  const size = Math.ceil(p.end / 16) * 16;
  const shift = (oldPos) => size + oldPos;
  const out = new Uint8Array(size + model.length);

  p.u32(rootOffset, newRoot.at - rootOffset);
  p.bytes.set(new TextEncoder().encode('TFL3'), rootOffset + 4);
  for (let id = 0; id < MODEL_FIELDS; id++) {
    if (!present[id]) continue;
    const slot = newRoot.slot(id);
    if (id === F_VERSION) p.u32(slot, fb.u32(fb.field(root, id)));
    else if (id === F_BUFFERS) p.u32(slot, buffers - slot);
    else if (id === F_METADATA) p.u32(slot, metas - slot);
    else p.u32(slot, shift(fb.deref(fb.field(root, id))) - slot);
  }
  const vectorOf = (at, old, added) => {
    p.u32(at, old.length + 1);
    old.forEach((target, i) => p.u32(at + 4 + 4 * i, shift(target) - (at + 4 + 4 * i)));
    const last = at + 4 + 4 * old.length;
    p.u32(last, added - last);
  };
  vectorOf(buffers, oldBuffers, buffer.at);
  vectorOf(metas, oldMetadata, meta.at);
  p.u32(meta.slot(0), metaName - meta.slot(0));
  p.u32(meta.slot(1), oldBuffers.length); // index of the new buffer
  p.u32(metaName, TFLITE_METADATA.length);
  p.bytes.set(new TextEncoder().encode(TFLITE_METADATA), metaName + 4);
  p.u32(buffer.slot(0), data - buffer.slot(0));
  p.u32(data, metadata.length);
  p.bytes.set(metadata, data + 4);

  out.set(p.bytes.subarray(0, p.end));
  out.set(model, size);
  return out;
}

/** The TFLITE_METADATA flatbuffer of a model, or undefined (used by the build step to check its output). */
export function readMetadata(model) {
  const fb = new FlatView(model);
  const root = fb.root();
  const buffers = fb.vector(fb.field(root, F_BUFFERS), { tables: true });
  for (const m of fb.vector(fb.field(root, F_METADATA), { tables: true })) {
    if (fb.string(fb.field(m, 0)) !== TFLITE_METADATA) continue;
    const buffer = buffers[fb.u32(fb.field(m, 1))];
    const data = fb.deref(fb.field(buffer, 0));
    return model.subarray(data + 4, data + 4 + fb.u32(data));
  }
  return undefined;
}

export { FlatView };
