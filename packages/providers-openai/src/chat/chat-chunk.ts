import { z } from 'zod';

/** Token usage of a Chat Completions response (the last chunk with `stream_options.include_usage`). */
export const ChatUsage = z.object({
  prompt_tokens: z.number().nullish(),
  completion_tokens: z.number().nullish(),
  prompt_tokens_details: z.object({ cached_tokens: z.number().nullish() }).nullish(),
  completion_tokens_details: z.object({ reasoning_tokens: z.number().nullish() }).nullish(),
});
/** Token usage of a Chat Completions response. */
export type ChatUsage = z.infer<typeof ChatUsage>;

/** A `url_citation` annotation (web search results). */
export const ChatAnnotation = z.object({
  type: z.string(),
  url_citation: z.object({ url: z.string(), title: z.string().nullish(), start_index: z.number().nullish(), end_index: z.number().nullish() }).nullish(),
});
/** A `url_citation` annotation (web search results). */
export type ChatAnnotation = z.infer<typeof ChatAnnotation>;

/** A tool-call fragment inside `choices[].delta.tool_calls`, keyed by `index`. */
export const ChatToolCallDelta = z.object({
  index: z.number(),
  id: z.string().nullish(),
  type: z.string().nullish(),
  function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish(),
});
/** A tool-call fragment inside `choices[].delta.tool_calls`. */
export type ChatToolCallDelta = z.infer<typeof ChatToolCallDelta>;

/** One `chat.completion.chunk` of a streamed Chat Completions response. */
export const ChatChunk = z.object({
  id: z.string().nullish(),
  model: z.string().nullish(),
  choices: z.array(
    z.object({
      index: z.number().nullish(),
      delta: z
        .object({
          role: z.string().nullish(),
          content: z.string().nullish(),
          refusal: z.string().nullish(),
          /** Reasoning text of OpenAI-compatible servers (DeepSeek: `reasoning_content`, Ollama and others: `reasoning`). */
          reasoning_content: z.string().nullish(),
          reasoning: z.string().nullish(),
          tool_calls: z.array(ChatToolCallDelta).nullish(),
          annotations: z.array(ChatAnnotation).nullish(),
        })
        .nullish(),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: ChatUsage.nullish(),
});
/** One `chat.completion.chunk`. */
export type ChatChunk = z.infer<typeof ChatChunk>;

/** An error object sent inside the stream by some OpenAI-compatible servers. */
export const ChatStreamError = z.object({
  error: z.object({ message: z.string(), type: z.string().nullish(), code: z.union([z.string(), z.number()]).nullish() }),
});
/** An error object sent inside the stream. */
export type ChatStreamError = z.infer<typeof ChatStreamError>;

/** Any data payload of the stream (except the `[DONE]` sentinel). */
export const ChatStreamData = z.union([ChatStreamError, ChatChunk]);
/** Any data payload of the stream. */
export type ChatStreamData = z.infer<typeof ChatStreamData>;
