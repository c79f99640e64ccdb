// Runs a Verdaccio registry from the given config file on a free loopback port, and prints its URL as the
// first line on stdout. It stops on SIGTERM, and by itself when its parent goes away (stdin closes).
import { runServer } from 'verdaccio';

const server = await runServer(process.argv[2]);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`http://127.0.0.1:${port}/\n`);
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
