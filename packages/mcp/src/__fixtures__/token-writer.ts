// A process that saves records into a token file at the same time as others: `node token-writer.mjs
// <file> <writer id> <count>` saves <count> records named `<writer id>-<n>`, then exits.
import { fileTokenStorage } from '../oauth/file-token-storage.js';

const [file, id, count] = process.argv.slice(2) as [string, string, string];
const storage = fileTokenStorage(file);
for (let index = 0; index < Number(count); index++) {
  await storage.save(`https://${id}-${String(index)}.example/mcp`, { clientInformation: { client_id: `${id}-${String(index)}` } });
}
