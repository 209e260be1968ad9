import type { Plugin } from 'vite';

const LAYOUT = /[\\/]@react-pdf[\\/]layout[\\/]lib[\\/]index\.js$/;
const UNGUARDED = 'if (Buffer.isBuffer(source) || source instanceof Blob)';
const GUARDED = "if ((typeof Buffer !== 'undefined' && Buffer.isBuffer(source)) || source instanceof Blob)";

/**
 * @react-pdf/layout 4.x asks `Buffer.isBuffer(source)` of every image it has just loaded (fetchImage),
 * and a browser has no Buffer: each image of the certificate PDF logged "Buffer is not defined" and
 * lost its cache key. The check is guarded at build time instead (the same change as upstream's
 * open fix, diegomura/react-pdf#3274); no Buffer polyfill is shipped to the browser. Also applied
 * when the dev server pre-bundles the library. A warning, not a failure, once the line is gone:
 * the certificate's browser test still catches the message.
 */
export function reactPdfImageBufferCheck(): Plugin {
  return {
    name: 'waymark-react-pdf-image-buffer-check',
    transform(code, id) {
      if (!LAYOUT.test(id)) return null;
      if (!code.includes(UNGUARDED)) {
        this.warn('@react-pdf/layout no longer has the unguarded Buffer.isBuffer of fetchImage: drop this plugin');
        return null;
      }
      return { code: code.replace(UNGUARDED, GUARDED), map: null };
    },
  };
}
