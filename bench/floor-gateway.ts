// The ingest's floor (BENCH_KINDS=floor, bench/ingest.ts): what reading the devices' sockets costs
// before anything is stored. The gateway's own framing and AIS-140 parser on every frame, logins
// and heartbeats answered at once, nothing kept. Without the gateway's per-connection limits and
// its hand-over to the store, so a little under the read path's true cost. Prints the frames read so far every 100 ms (the bench reads the last line at each end of its window).
import net from 'node:net';
import { FrameSplitter } from '../server/gateway/framing.ts';
import { parseFrame } from '../server/gateway/ais140.ts';
import { ACKS } from '../server/gateway/server.ts';

const port = Number(process.argv[2]);
// `read`: the sockets read and nothing more, frames counted by their `$`: what the kernel and Node's socket events cost
const readOnly = process.argv[3] === 'read';
let frames = 0;

const server = net.createServer((socket) => {
  socket.setEncoding('latin1');
  socket.setNoDelay(true);
  const splitter = new FrameSplitter();
  socket.on('data', (chunk: string) => {
    if (readOnly) {
      frames += chunk.split('$').length - 1;
      return;
    }
    const now = Date.now();
    for (const text of splitter.push(chunk).frames) {
      const outcome = parseFrame(text, now);
      frames += 1;
      if (!outcome.ok) continue;
      if (outcome.frame.kind === 'login') socket.write(ACKS.login);
      else if (outcome.frame.kind === 'heartbeat') socket.write(ACKS.heartbeat);
    }
  });
  socket.on('error', () => socket.destroy());
});
server.maxConnections = 20_000;
server.listen(port, '127.0.0.1', () => {
  console.log('listening');
  setInterval(() => console.log(`frames ${frames}`), 100);
});
