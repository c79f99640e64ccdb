import { z } from 'zod';

const TextContent = z.object({ type: z.literal('text'), text: z.string() });
const ImageContent = z.object({ type: z.literal('image_url'), image_url: z.object({ url: z.string(), detail: z.string().optional() }) });
const AudioContent = z.object({
  type: z.literal('input_audio'),
  input_audio: z.object({
    data: z.string(),
    /**
     * The audio's encoding.
     *
     * @enumMember wav WAV audio.
     * @enumMember mp3 MP3 audio.
     */
    format: z.enum(['wav', 'mp3']),
  }),
});
const FileContent = z.object({ type: z.literal('file'), file: z.object({ filename: z.string().optional(), file_data: z.string() }) });

/**
 * A content part of a user message.
 *
 * @category Wire format
 */
export const ChatUserContent = z.discriminatedUnion('type', [TextContent, ImageContent, AudioContent, FileContent]);
/**
 * A content part of a user message.
 *
 * @category Wire format
 */
export type ChatUserContent = z.infer<typeof ChatUserContent>;

/**
 * A tool call of an assistant message.
 *
 * @category Wire format
 */
export const ChatToolCall = z.object({
  id: z.string(),
  type: z.literal('function'),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
/**
 * A tool call of an assistant message.
 *
 * @category Wire format
 */
export type ChatToolCall = z.infer<typeof ChatToolCall>;

/**
 * One message of the Chat Completions `messages` array.
 *
 * @category Wire format
 */
export const ChatMessage = z.discriminatedUnion('role', [
  z.object({ role: z.literal('system'), content: z.string() }),
  z.object({ role: z.literal('developer'), content: z.string() }),
  z.object({ role: z.literal('user'), content: z.union([z.string(), z.array(ChatUserContent)]) }),
  z.object({
    role: z.literal('assistant'),
    content: z.string().nullable(),
    tool_calls: z.array(ChatToolCall).optional(),
    /** Reasoning text, for OpenAI-compatible servers that accept it back (`reasoning_content`). */
    reasoning_content: z.string().optional(),
  }),
  z.object({ role: z.literal('tool'), tool_call_id: z.string(), content: z.union([z.string(), z.array(TextContent)]) }),
]);
/**
 * One message of the Chat Completions `messages` array.
 *
 * @category Wire format
 */
export type ChatMessage = z.infer<typeof ChatMessage>;
