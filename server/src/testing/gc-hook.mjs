// Bench hook, never loaded in production: `node --expose-gc --import <this>` with TSUDOI_HEAP_FILE set.
// On SIGUSR2 the process runs two full collections and writes process.memoryUsage() to that file, so a
// bench reads what its connections really keep (RSS alone keeps the garbage of the joins for a while).
import fs from 'node:fs';

const file = process.env.TSUDOI_HEAP_FILE;
const gc = globalThis.gc;
if (file && typeof gc === 'function')
  process.on('SIGUSR2', () => {
    gc();
    gc();
    fs.writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
