import { z } from 'zod';

/**
 * Zod schemas of the Responses API `input` items this provider writes and reads back
 * (`convertToResponsesInput` / `convertFromResponsesInput`).
 */

const InputText = z.object({ type: z.literal('input_text'), text: z.string() });
const InputImage = z.object({
  type: z.literal('input_image'),
  image_url: z.string(),
  /**
   * How closely the model looks at the image.
   *
   * @enumMember auto The model chooses.
   * @enumMember low A low-resolution look: fewer tokens.
   * @enumMember high The full resolution.
   */
  detail: z.enum(['auto', 'low', 'high']).optional(),
});
const InputFile = z.object({ type: z.literal('input_file'), filename: z.string().optional(), file_data: z.string().optional(), file_url: z.string().optional() });

/**
 * A content block of a user message or a function call output.
 *
 * @category Wire format
 */
export const ResponsesInputContent = z.discriminatedUnion('type', [InputText, InputImage, InputFile]);
/**
 * A content block of a user message or a function call output.
 *
 * @category Wire format
 */
export type ResponsesInputContent = z.infer<typeof ResponsesInputContent>;

/**
 * One item of the `input` array.
 *
 * @category Wire format
 */
export const ResponsesInputItem = z.union([
  z.object({
    /**
     * Who gives the instructions.
     *
     * @enumMember system System instructions.
     * @enumMember developer Developer instructions (what reasoning models call system instructions).
     */
    role: z.enum(['system', 'developer']),
    content: z.string(),
  }),
  z.object({ role: z.literal('user'), content: z.array(ResponsesInputContent) }),
  z.object({
    role: z.literal('assistant'),
    id: z.string().optional(),
    content: z.array(z.object({ type: z.literal('output_text'), text: z.string() })),
  }),
  z.object({ type: z.literal('function_call'), id: z.string().optional(), call_id: z.string(), name: z.string(), arguments: z.string() }),
  z.object({ type: z.literal('function_call_output'), call_id: z.string(), output: z.union([z.string(), z.array(ResponsesInputContent)]) }),
  z.object({
    type: z.literal('reasoning'),
    id: z.string(),
    summary: z.array(z.object({ type: z.literal('summary_text'), text: z.string() })),
    encrypted_content: z.string().optional(),
  }),
  z.object({ type: z.literal('item_reference'), id: z.string() }),
]);
/**
 * One item of the `input` array.
 *
 * @category Wire format
 */
export type ResponsesInputItem = z.infer<typeof ResponsesInputItem>;
