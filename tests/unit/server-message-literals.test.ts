import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What the server says to a user is a key of the catalogues (core/i18n), which the console says in
 * the user's language: said('api.x'), or message('api.x') where a JSON Schema's errorMessage needs a
 * text. A sentence written in the code reaches a Hindi user in English; this finds one wherever a
 * message leaves the server: an error helper's message and field errors, a schema's errorMessage, an
 * answer's `message` ({success, message}), the outbox's subject and body, a socket's close reason.
 */
const ERROR_HELPERS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'tooManyRequests']);
const KEY_TAKERS: Record<string, number> = { said: 0, message: 0, textIn: 1 };
const KEY = /^[\w-]+(\.[\w-]+)+$/;

interface Finding {
  file: string;
  line: number;
  where: string;
  text: string;
}

const isText = (node: ts.Node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);

/** Texts written in this expression itself: not those inside a call (said('key', {...}) builds a message). */
function textsIn(node: ts.Node): ts.Node[] {
  if (isText(node)) return [node];
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return [];
  const found: ts.Node[] = [];
  node.forEachChild((child) => {
    // a property's name is not a message ({ 'device.imei': said(...) })
    if ((ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) && child === node.name) return;
    // the condition of a ?: and the index of an element access are not said
    if (ts.isConditionalExpression(node) && child === node.condition) return;
    if (ts.isElementAccessExpression(node) && child === node.argumentExpression) return;
    if (ts.isBinaryExpression(node) && child === node.left && node.operatorToken.kind !== ts.SyntaxKind.PlusToken)
      return;
    found.push(...textsIn(child));
  });
  return found;
}

const calleeName = (call: ts.CallExpression | ts.NewExpression) => {
  const callee = call.expression;
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
};
const propertyName = (p: ts.ObjectLiteralElementLike) =>
  p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

/** The literal messages in one source file. */
export function literalMessages(file: string, source: string): Finding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const report = (where: string, nodes: ts.Node[]) => {
    for (const node of nodes) {
      const line = tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      findings.push({ file, line, where, text: node.getText().slice(0, 80) });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node);
      const args = node.arguments ?? [];
      if (ERROR_HELPERS.has(name)) report(`${name}()`, args.flatMap(textsIn));
      if (ts.isNewExpression(node) && name === 'HttpError')
        report('new HttpError()', args.slice(1, 3).flatMap(textsIn));
      if (ts.isCallExpression(node) && name === 'close' && args[1]) report('close reason', textsIn(args[1]));
      const keyAt = KEY_TAKERS[name];
      const key = keyAt === undefined ? undefined : args[keyAt];
      if (key && ts.isStringLiteral(key) && !KEY.test(key.text)) report(`${name}() key`, [key]);
    }
    if (ts.isPropertyAssignment(node) && propertyName(node) === 'errorMessage') {
      report('errorMessage', textsIn(node.initializer));
    }
    if (ts.isObjectLiteralExpression(node)) {
      const names = new Map(node.properties.map((p) => [propertyName(p), p]));
      const said = names.get('message');
      // an answer, {success, message}, says its message with its key: ...spoken(said('key')); a
      // JSON Schema of the answer ({success: {type}, message: {type}}) is not one
      const isSchema = said && ts.isPropertyAssignment(said) && ts.isObjectLiteralExpression(said.initializer);
      if (names.has('success') && said && !isSchema) report('answer message', [said]);
      // a message queued for e-mail or SMS
      for (const part of ['subject', 'body']) {
        const property = names.get(part);
        if (names.has('recipient') && property && ts.isPropertyAssignment(property))
          report(`outbox ${part}`, textsIn(property.initializer));
      }
    }
    node.forEachChild(visit);
  };
  visit(tree);
  return findings;
}

const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? sources(path.join(dir, entry.name))
        : /\.(ts|mts)$/.test(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    );

describe('messages the server sends', () => {
  it('are catalogue keys, never sentences written in server/', () => {
    const findings = sources('server').flatMap((file) => literalMessages(file, fs.readFileSync(file, 'utf8')));
    expect(findings).toEqual([]);
  });

  it('are found where a sentence is given instead of a key', () => {
    const code = `
      throw badRequest('Incorrect username or password');
      throw new HttpError(409, \`Device \${imei} is taken\`, { imei: 'Taken' });
      const schema = { type: 'string', errorMessage: { required: { q: 'Type something' } } };
      const range = { errorMessage: \`\${label} must be from \${min}\` };
      return { success: true, message: on ? 'Tracking activated' : 'Tracking discontinued' };
      await queueMessage(db, log, demo, { channel: 'sms', recipient, subject: 'Your code', body: \`Code \${otp}\` });
      ws.close(4401, 'Sign in first');
      throw notFound(said('User not found'));
    `;
    expect(literalMessages('sample.ts', code).map((f) => `${f.where}: ${f.text}`)).toEqual([
      "badRequest(): 'Incorrect username or password'",
      'new HttpError(): `Device ${imei} is taken`',
      "new HttpError(): 'Taken'",
      "errorMessage: 'Type something'",
      'errorMessage: `${label} must be from ${min}`',
      "answer message: message: on ? 'Tracking activated' : 'Tracking discontinued'",
      "outbox subject: 'Your code'",
      'outbox body: `Code ${otp}`',
      "close reason: 'Sign in first'",
      "said() key: 'User not found'",
    ]);
  });

  it('are not found where keys are given', () => {
    const code = `
      throw badRequest(said('api.auth.wrongCredentials'), { 'device.imei': said('fitment.defective') });
      throw new HttpError(409, said('api.vehicles.deviceLinkedElsewhere', { registration: 'UP78' }));
      const schema = { errorMessage: { required: { q: message('api.search.query') } } };
      const range = { errorMessage: message('api.settings.range', { label: message(\`api.settings.label.\${field}\`), min }) };
      const rule = { errorMessage: kind === 'imei' ? message('debug.imeiPattern') : undefined };
      return { success: true, ...spoken(said(on ? 'api.vehicles.trackingOn' : 'api.vehicles.trackingOff')) };
      await queueMessage(db, log, demo, { channel: 'sms', recipient, subject: textIn(language, 'api.auth.resetMailSubject'), body });
      ws.close(4401, closeReason('api.live.signInFirst'));
      request.log.warn({ err: error }, 'input refused by the database');
      return { parseResult: 'UNKNOWN_DEVICE', message: 'IMEI not registered' };
    `;
    expect(literalMessages('sample.ts', code)).toEqual([]);
  });
});
