import { DEFAULT_LIMITS } from './limits.ts';

/** Longest frame accepted by default; a longer run without an end is cut off as one overlong frame. */
export const MAX_FRAME_LENGTH = DEFAULT_LIMITS.maxFrameLength;

export interface SplitResult {
  frames: string[];
  /** Text dropped because it grew past the longest frame without an end. */
  overlong: string[];
}

const HEX = /[0-9A-Fa-f]/;
const [CR, LF, DOLLAR, STAR] = [13, 10, 36, 42];

/**
 * Cuts a TCP byte stream into AIS-140 frames: each starts with `$` and ends with `*` (optionally
 * followed by a checksum) or a line break. Several frames may share one read and one frame may
 * span several. Text outside frames is ignored.
 */
export class FrameSplitter {
  private buffer = '';

  constructor(private readonly maxFrameLength = MAX_FRAME_LENGTH) {}

  push(chunk: string): SplitResult {
    this.buffer += chunk;
    return this.drain(false);
  }

  /** Called when the stream goes quiet: a frame ending in `*` plus a checksum is complete. */
  flush(): SplitResult {
    return this.drain(true);
  }

  get pending(): number {
    return this.buffer.length;
  }

  private drain(quiet: boolean): SplitResult {
    const frames: string[] = [];
    const overlong: string[] = [];
    for (;;) {
      const start = this.buffer.indexOf('$');
      if (start < 0) {
        this.buffer = '';
        break;
      }
      if (start > 0) this.buffer = this.buffer.slice(start);
      const end = this.frameEnd(quiet);
      if (end === undefined) {
        if (this.buffer.length > this.maxFrameLength) {
          overlong.push(this.buffer.slice(0, this.maxFrameLength));
          // resynchronise at the next frame start, if any
          const next = this.buffer.indexOf('$', 1);
          this.buffer = next < 0 ? '' : this.buffer.slice(next);
          continue;
        }
        break;
      }
      const frame = this.buffer.slice(0, end.frameLength);
      this.buffer = this.buffer.slice(end.consumed);
      if (frame.length > this.maxFrameLength) overlong.push(frame.slice(0, this.maxFrameLength));
      else if (frame.length > 1) frames.push(frame);
    }
    return { frames, overlong };
  }

  /** Where the frame at the start of the buffer ends, or undefined while it is incomplete. */
  private frameEnd(quiet: boolean): { frameLength: number; consumed: number } | undefined {
    const text = this.buffer;
    for (let i = 1; i < text.length && i <= this.maxFrameLength + 16; i += 1) {
      const c = text.charCodeAt(i);
      if (c > STAR) continue;
      if (c === CR || c === LF) return { frameLength: i, consumed: i + 1 };
      if (c === DOLLAR) return { frameLength: i, consumed: i };
      if (c !== STAR) continue;
      let j = i + 1;
      while (j < text.length && j - i <= 8 && HEX.test(text[j]!)) j += 1;
      if (j < text.length) {
        const after = text[j];
        const consumed = after === '\r' || after === '\n' ? j + 1 : j;
        return { frameLength: j, consumed };
      }
      // `*` is the last thing received: complete, unless a checksum has started to arrive
      if (j === i + 1 || quiet || j - i > 8) return { frameLength: j, consumed: j };
      return undefined;
    }
    return undefined;
  }
}
