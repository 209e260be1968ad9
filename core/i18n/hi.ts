import englishMessages from 'ra-language-english';
import app from './app-hi.ts';
import raHi from './ra-hi.ts';

const ra = Object.fromEntries(
  Object.entries(englishMessages.ra).map(([group, messages]) => [
    group,
    typeof messages === 'object' ? { ...messages, ...(raHi[group] ?? {}) } : messages,
  ]),
);

export default { ...englishMessages, ra, ...app };
