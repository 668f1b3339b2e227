/**
 * Safety checks on raw YAML text and on its CST (before any node is composed or any alias expanded):
 * size, control characters, one document only, no directives, tags, anchors or aliases, bounded depth.
 * Every walk here is iterative, so hostile nesting cannot overflow the stack.
 */
import { CST, Lexer, Parser } from 'yaml';
import { MAX_DEPTH } from './document';

/** Default size cap of a YAML document (the server's import cap may differ: SWITCHYARD_MAX_IMPORT_BYTES). */
export const MAX_YAML_BYTES = 1024 * 1024;
/**
 * Most YAML nodes (scalars, flow collections, `-`/`?` entries) a document may hold, counted while
 * lexing: each costs about 1 KB of memory until the document is composed, so a small body of `0,0,0`
 * cannot expand to hundreds of MB. 40,000 layout entries are about 240,000 nodes.
 */
export const MAX_YAML_NODES = 300_000;
const MAX_FINDINGS = 20;

export interface Finding {
  code: string;
  message: string;
  offset: number;
}

/** UTF-8 length of `text`, stopping early once past `limit`. */
function utf8Length(text: string, limit = Infinity): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Size cap (`maxBytes` of UTF-8) and characters YAML does not allow (binary data, NUL bytes). */
export function scanText(text: string, maxBytes = MAX_YAML_BYTES): Finding | null {
  if (text.length > maxBytes || utf8Length(text, maxBytes) > maxBytes) {
    return { code: 'too_large', message: `file is larger than ${Math.floor(maxBytes / 1024)} KiB`, offset: 0 };
  }
  // C0 control characters other than tab, LF and CR: binary data, never YAML text.
  const bad = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.exec(text);
  if (bad) {
    const cp = bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    const what = bad[0] === '\u0000' ? 'a NUL byte' : `control character U+${cp}`;
    return { code: 'binary', message: `not a text file: ${what} is not allowed in YAML`, offset: bad.index };
  }
  return null;
}

/** Lexemes that start a node: a scalar's marker, a flow collection, a block sequence or explicit-key entry. */
const NODE_LEXEMES = new Set(['\u001f', '[', '{', '-', '?']);

export type CstResult = { ok: true; tokens: CST.Token[] } | { ok: false; finding: Finding };

/**
 * Lexes and parses `text` into CST tokens in one pass, refusing nesting before the parser builds it
 * (1 MiB of `[` or `- ` would otherwise build a CST a million levels deep, hundreds of MB): flow
 * brackets, and block indicators (`- `, `? `) stacked on one line, at most MAX_DEPTH. Deeper nesting
 * through indentation costs its square in bytes, so the size cap bounds it. At most MAX_YAML_NODES
 * nodes.
 */
export function parseCst(text: string, onNewLine: (offset: number) => void): CstResult {
  const parser = new Parser(onNewLine);
  onNewLine(0);
  const tokens: CST.Token[] = [];
  let flow = 0;
  let inline = 0;
  let atScalar = false;
  let nodes = 0;
  const deep = (message: string): CstResult => ({ ok: false, finding: { code: 'too_deep', message, offset: parser.offset } });
  for (const lexeme of new Lexer().lex(text)) {
    if (atScalar) atScalar = false; // a scalar's source, whatever it looks like
    else {
      if (NODE_LEXEMES.has(lexeme) && ++nodes > MAX_YAML_NODES) {
        const message = `more than ${MAX_YAML_NODES.toLocaleString('en-US')} YAML nodes (scalars and collections)`;
        return { ok: false, finding: { code: 'too_many_nodes', message, offset: parser.offset } };
      }
      if (lexeme === '\u001f') atScalar = true;
      else if (lexeme === '[' || lexeme === '{') {
        if (++flow > MAX_DEPTH) return deep(`flow collections ([ or {) nested more than ${MAX_DEPTH} levels deep`);
      } else if (lexeme === ']' || lexeme === '}') {
        if (flow > 0) flow--;
      } else if (lexeme === '-' || lexeme === '?') {
        if (++inline > MAX_DEPTH) return deep(`more than ${MAX_DEPTH} nested block collections on one line`);
      } else if (lexeme.includes('\n')) inline = 0;
    }
    for (const tok of parser.next(lexeme)) tokens.push(tok);
  }
  for (const tok of parser.end()) tokens.push(tok);
  return { ok: true, tokens };
}

type Tok = CST.Token;
type Item = CST.CollectionItem;

/** Walks the CST of a whole stream and reports what Switchyard refuses. */
export function scanTokens(tokens: readonly Tok[]): Finding[] {
  const out: Finding[] = [];
  const add = (code: string, message: string, offset: number) => {
    if (out.length < MAX_FINDINGS) out.push({ code, message, offset });
  };
  let documents = 0;
  const stack: { tok: Tok; depth: number }[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) stack.push({ tok: tokens[i], depth: 0 });

  const pushSources = (list: readonly Tok[] | undefined, depth: number) => {
    if (list) for (let i = list.length - 1; i >= 0; i--) stack.push({ tok: list[i], depth });
  };
  const pushItem = (item: Item, depth: number) => {
    if (item.value) stack.push({ tok: item.value, depth });
    pushSources(item.sep, depth);
    if (item.key) stack.push({ tok: item.key, depth });
    pushSources(item.start, depth);
  };

  while (stack.length && out.length < MAX_FINDINGS) {
    const { tok, depth } = stack.pop()!;
    switch (tok.type) {
      case 'directive':
        add('yaml_directive', `directives like ${JSON.stringify(tok.source.split(/\s/)[0])} are not allowed`, tok.offset);
        break;
      case 'document':
        documents += 1;
        if (documents === 2) add('yaml_multiple_documents', 'only one YAML document is allowed (found a second `---`)', tok.offset);
        pushSources(tok.end, depth);
        if (tok.value) stack.push({ tok: tok.value, depth });
        pushSources(tok.start, depth);
        break;
      case 'tag':
        add('yaml_tag', `tags like ${JSON.stringify(tok.source)} are not allowed`, tok.offset);
        break;
      case 'anchor':
        add('yaml_anchor', `anchors like ${JSON.stringify(tok.source)} are not allowed`, tok.offset);
        break;
      case 'alias':
        add('yaml_alias', `aliases like ${JSON.stringify(tok.source)} are not allowed`, tok.offset);
        break;
      case 'block-scalar':
        pushSources(tok.props, depth);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > MAX_DEPTH) {
          add('too_deep', `nested more than ${MAX_DEPTH} levels deep`, tok.offset);
          // Nothing inside is worth scanning; the document is refused.
          return out;
        }
        if (tok.type === 'flow-collection') pushSources(tok.end, depth + 1);
        const items = tok.items as Item[];
        for (let i = items.length - 1; i >= 0; i--) pushItem(items[i], depth + 1);
        break;
      }
      case 'error':
        add('yaml_syntax', tok.message, tok.offset);
        break;
      default:
        if ('end' in tok && Array.isArray(tok.end)) pushSources(tok.end as Tok[], depth);
        break;
    }
  }
  return out;
}
