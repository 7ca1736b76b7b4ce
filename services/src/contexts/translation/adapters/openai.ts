import { ArticleCheckSchema, LANGUAGE_NAMES } from '@verba/contracts';
import { InvalidProviderResultError, type TranslateRequest, type TranslationProvider } from './port';

export interface OpenAiOptions {
  /** Absent for a server that needs none (Ollama, llama.cpp on this machine): no Authorization header is sent. */
  apiKey?: string;
  /** Any OpenAI-compatible server, up to its /v1 (http://127.0.0.1:11434/v1); OpenAI's own when absent. */
  baseURL?: string;
  model: string;
  timeoutMs?: number;
}

/** Used by POST /api/translation, which has no prompt of its own. */
export const PLAIN_TRANSLATION_PROMPT =
  'Translate the text the user sends. Answer with the translation only: no quotes, notes or explanations.';

const MODERATION_ANSWER_FORMAT =
  'Answer with a JSON object only: {"ok": true} when the article may be published, or {"ok": false, "reason": "<one sentence for the author>"} when not.';

function instructions({ prompt, locale, sourceLanguage }: TranslateRequest): string {
  const from = sourceLanguage ? ` from ${LANGUAGE_NAMES[sourceLanguage]}` : '';
  return `${prompt ?? PLAIN_TRANSLATION_PROMPT}\n\nTranslate${from} into the language with the code "${locale}".`;
}

/** Chat completions on OpenAI or a compatible server: the prompt as the system message, the text as the user's. */
export function createOpenAiProvider(options: OpenAiOptions): TranslationProvider {
  // The key stays inside the client; errors are reported by their status and type only (see service.ts).
  // The SDK is loaded with the first request: a server without a key never pays its memory.
  const sdk = import('openai').then(
    ({ default: OpenAI }) =>
      new OpenAI({
        // The SDK insists on a key; without one, its Authorization header is taken off again.
        apiKey: options.apiKey ?? 'none',
        ...(options.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
        ...(options.baseURL ? { baseURL: options.baseURL } : {}),
        timeout: options.timeoutMs ?? 30_000,
        maxRetries: 1,
      }),
  );
  sdk.catch(() => undefined); // reported by the first request

  async function complete(system: string, user: string, json: boolean): Promise<string> {
    const client = await sdk;
    const completion = await client.chat.completions.create({
      model: options.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      ...(json ? { response_format: { type: 'json_object' as const } } : {}),
    });
    const content = completion.choices?.[0]?.message?.content?.trim();
    if (!content) throw new InvalidProviderResultError('the completion has no text');
    return content;
  }

  return {
    name: `openai:${options.model}`,
    translate: async (request) => ({ text: await complete(instructions(request), request.text, false), source: 'ai' as const }),
    async checkArticle({ prompt, name, content }) {
      const answer = await complete(`${prompt}\n\n${MODERATION_ANSWER_FORMAT}`, `${name}\n\n${content}`, true);
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer);
      } catch {
        throw new InvalidProviderResultError('the moderation answer is not JSON');
      }
      const check = ArticleCheckSchema.safeParse(parsed);
      if (!check.success) throw new InvalidProviderResultError('the moderation answer has the wrong shape');
      return check.data;
    },
  };
}
