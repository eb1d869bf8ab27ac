import type { MinutesEngine } from './summariser';

/**
 * Minutes by any OpenAI-compatible chat completions server (`POST {url}/v1/chat/completions`):
 * asked for JSON `{ summary: string[], decisions: string[], actionItems: string[] }` in the
 * transcript's language.
 */
export class LlmMinutes implements MinutesEngine {
  readonly name = 'llm';

  constructor(private readonly options: { url: string; apiKey?: string; model: string }) {}

  async summarise(sentences: readonly string[]) {
    const res = await fetch(`${this.options.url.replace(/\/$/, '')}/v1/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.options.model,
        response_format: { type: 'json_object' },
        messages: [
          {
            role: 'system',
            content:
              'You write meeting minutes. Answer only JSON {"summary":[],"decisions":[],"actionItems":[]} ' +
              'with short sentences in the language of the transcript.',
          },
          { role: 'user', content: sentences.join('\n') },
        ],
      }),
      signal: AbortSignal.timeout(5 * 60_000),
    });
    if (!res.ok) throw new Error(`minutes server answered ${res.status}`);
    const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
    const parsed = JSON.parse(body.choices?.[0]?.message?.content ?? '{}') as Record<string, unknown>;
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    return { summary: list(parsed.summary), decisions: list(parsed.decisions), actionItems: list(parsed.actionItems) };
  }
}
