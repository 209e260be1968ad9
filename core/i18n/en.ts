import englishMessages from 'ra-language-english';
import app from './app-en.ts';

export default { ...englishMessages, ...app };
