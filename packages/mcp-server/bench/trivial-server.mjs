// The bench's physical reference: the least an HTTP server can do (answer `ok`), as a process of
// its own like a replica, so that a round trip to it is the cost of the hop and nothing else.
import { createServer } from 'node:http';

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.end('ok'));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () =>
  process.stdout.write(`http://127.0.0.1:${process.env.PORT}/\n`),
);
