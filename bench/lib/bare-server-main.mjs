// The bare baseline: a plain node:http server answering every request with one fixed response
// (status, content-type and body bytes read from BODY_FILE), nothing else. Run as a child process so
// it does not share an event loop with the load generator.
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.env.BODY_FILE ?? '');
const headers = {
  'content-type': process.env.CONTENT_TYPE ?? 'application/octet-stream',
  'content-length': body.length,
};
const status = Number(process.env.STATUS ?? 200);

const server = http.createServer((_req, res) => {
  res.writeHead(status, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
process.once('SIGINT', () => server.close(() => process.exit(0)));
