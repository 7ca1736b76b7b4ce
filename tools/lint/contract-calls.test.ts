import path from 'node:path';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import contractCalls from './contract-calls.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const rule = contractCalls.rules!['contract-calls']!;
const ROOT = path.resolve('/virtual-repo');
const at = (rel: string) => path.join(ROOT, ...rel.split('/'));
const options = [{ root: ROOT, allow: ['shell/src/federation/'] }];

const SHELL = at('shell/src/forum/forum-api.ts');
const READER = at('mfe-reader/src/features/reader/api/reader-api.ts');

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } }).run(
  'verba/contract-calls',
  rule,
  {
    valid: [
      {
        name: 'a contract route through the client',
        filename: SHELL,
        code: "import { client } from '@verba/kit';\nimport { forumRoutes } from '@verba/contracts/http';\nclient.call(forumRoutes.listThreads, { query: { page: 1 } });",
        options,
      },
      { name: 'the kit hooks', filename: READER, code: 'useRouteQuery(getArticle, { params: { id } });\nuseCommand(markWord);', options },
      { name: 'the federation loader fetches manifests', filename: at('shell/src/federation/registry.ts'), code: 'fetch(url);', options },
      { name: 'the kit itself is not in scope', filename: at('shell/kit/src/api/api.ts'), code: "fetch('/api/user');", options },
      { name: 'a link to an API file is not a call', filename: SHELL, code: "const FEED = '/api/blog/feed.xml';", options },
      { name: 'an app path is not an API path', filename: SHELL, code: "navigate('/app/forum/threads');", options },
      { name: 'another object may have a send method', filename: SHELL, code: 'socket.send(data);', options },
    ],
    invalid: [
      { name: 'fetch', filename: SHELL, code: "fetch('/api/user');", options, errors: [{ messageId: 'fetch' }] },
      { name: 'window.fetch', filename: READER, code: 'window.fetch(url);', options, errors: [{ messageId: 'fetch' }] },
      {
        name: "the client's schema-free send",
        filename: SHELL,
        code: 'client.send(method, path);',
        options,
        errors: [{ messageId: 'send' }],
      },
      {
        name: 'sendCommandUnparsed',
        filename: SHELL,
        code: "import { sendCommandUnparsed } from '@verba/kit';",
        options,
        errors: [{ messageId: 'unparsed' }],
      },
      { name: 'a path string', filename: SHELL, code: "get('/api/forum/categories');", options, errors: [{ messageId: 'path' }] },
      {
        name: 'a path template',
        filename: READER,
        code: 'api(`/api/articles/${id}`);',
        options,
        errors: [{ messageId: 'path', data: { text: '/api/articles/' } }],
      },
      { name: 'a concatenated path', filename: SHELL, code: "get('/api/blog/posts?' + query);", options, errors: [{ messageId: 'path' }] },
      {
        name: 'the allow-list is for fetch only, not for paths',
        filename: at('shell/src/federation/registry.ts'),
        code: "load('/api/fragments');",
        options,
        errors: [{ messageId: 'path' }],
      },
    ],
  },
);
