import { createArrayObjectReader } from './json-array-stream.ts';
import { ModelAnswerSchema, ModelTaskSchema, modelAnswerJsonSchema, type ModelTask } from './model-output.ts';
import { buildMessages, type PromptInput } from './prompt.ts';

// An OpenAI-compatible chat-completions server: a hosted provider, Ollama, llama.cpp's server…
export interface ProviderSettings {
  // e.g. https://api.openai.com/v1 or http://localhost:11434/v1; /chat/completions is added.
  baseUrl: string;
  apiKey: string | null;
  model: string;
  // The whole answer must arrive within this.
  timeoutMs: number;
}

// Why a model request gave no usable answer.
export type ModelFailure = 'invalid' | 'timeout' | 'busy' | 'failed';

export class ModelError extends Error {
  constructor(
    readonly kind: ModelFailure,
    detail: string,
  ) {
    super(`AI model: ${kind} (${detail})`);
  }
}

interface ChatChunk {
  choices?: Array<{ delta?: { content?: string | null }; message?: { content?: string | null }; finish_reason?: string | null }>;
}

// The provider's Server-Sent Events, as the text content they carry.
async function* contentOf(response: Response): AsyncGenerator<string> {
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    // A server that ignores `stream` answers with one JSON document.
    const body = (await response.json()) as ChatChunk;
    const choice = body.choices?.[0];
    if (choice?.finish_reason === 'length') throw new ModelError('invalid', 'answer cut off');
    yield choice?.message?.content ?? '';
    return;
  }
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf('\n');
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      let chunk: ChatChunk;
      try {
        chunk = JSON.parse(data) as ChatChunk;
      } catch {
        throw new ModelError('invalid', 'malformed stream event');
      }
      const choice = chunk.choices?.[0];
      if (choice?.finish_reason === 'length') throw new ModelError('invalid', 'answer cut off');
      const content = choice?.delta?.content;
      if (content) yield content;
    }
  }
}

// One request to the model, streamed: each task is checked with zod and handed out as soon as its JSON
// object is complete; the whole answer is checked at the end. Anything else throws a ModelError.
export function createChatProvider(settings: ProviderSettings) {
  const url = `${settings.baseUrl.replace(/\/+$/u, '')}/chat/completions`;

  async function* propose(input: PromptInput, signal: AbortSignal): AsyncGenerator<ModelTask> {
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    const both = AbortSignal.any([signal, timeout]);
    const failed = (error: unknown): ModelError => {
      if (error instanceof ModelError) return error;
      if (timeout.aborted) return new ModelError('timeout', `no complete answer within ${settings.timeoutMs} ms`);
      return new ModelError('failed', error instanceof Error ? error.message : 'request failed');
    };
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model,
          messages: buildMessages(input),
          stream: true,
          temperature: 0,
          response_format: { type: 'json_schema', json_schema: { name: 'proposed_tasks', strict: true, schema: modelAnswerJsonSchema } },
        }),
        signal: both,
        redirect: 'error',
      });
    } catch (error) {
      throw failed(error);
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new ModelError('busy', 'rate limited by the provider');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ModelError('failed', `status ${response.status}`);
    }
    const reader = createArrayObjectReader();
    let whole = '';
    try {
      for await (const content of contentOf(response)) {
        whole += content;
        for (const json of reader.push(content)) {
          let item: unknown;
          try {
            item = JSON.parse(json);
          } catch {
            throw new ModelError('invalid', 'a task is not JSON');
          }
          const task = ModelTaskSchema.safeParse(item);
          if (!task.success) throw new ModelError('invalid', 'a task does not match the schema');
          yield task.data;
        }
      }
    } catch (error) {
      throw failed(error);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(whole);
    } catch {
      throw new ModelError('invalid', 'the answer is not JSON');
    }
    if (!ModelAnswerSchema.safeParse(answer).success) throw new ModelError('invalid', 'the answer does not match the schema');
  }

  return { model: settings.model, propose };
}

export type ChatProvider = ReturnType<typeof createChatProvider>;
