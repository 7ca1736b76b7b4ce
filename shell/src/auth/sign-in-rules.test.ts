import { describe, expect, it } from 'vitest';
import { signInSchema, signUpSchema } from './schemas';
import { signInResolver } from './sign-in-rules';

const EMAILS = [
  'ana@example.com',
  '',
  'ana',
  'ana@example',
  'a.b+c@mail.example.org',
  '.ana@example.com',
  'ana..b@example.com',
  `${'a'.repeat(250)}@x.de`,
];
const PASSWORDS = ['', 'x', 'secret12', 'aaaaaaaa', 'abcdefgh', 'a'.repeat(129), 'abcd'.repeat(32)];

/** Each field's first message, as react-hook-form shows it. */
const zodMessages = (schema: typeof signInSchema | typeof signUpSchema, values: object) => {
  const result = schema.safeParse(values);
  const messages: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
};

describe('the sign-in form rules without zod', () => {
  it('give the messages the zod/mini schemas give, field by field', async () => {
    for (const [signingUp, schema] of [
      [false, signInSchema],
      [true, signUpSchema],
    ] as const) {
      for (const email of EMAILS) {
        for (const password of PASSWORDS) {
          const { errors } = await signInResolver(signingUp)({ email, password }, undefined, {
            fields: {},
            shouldUseNativeValidation: false,
          });
          const messages = Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]));
          expect(messages, `${signingUp ? 'sign-up' : 'sign-in'} ${email} / ${password}`).toEqual(zodMessages(schema, { email, password }));
        }
      }
    }
  });
});
