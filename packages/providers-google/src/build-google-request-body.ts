import type { JsonSchema, ModelRequest, ResponseFormat, ToolChoice } from '@tandem/core/spec';
import { emitProviderWarning, parseProviderOptions } from '@tandem/provider-utils';
import type { GoogleFunctionDeclaration, GoogleGenerateContentRequest, GoogleTool } from './google-request.js';
import { GoogleProviderOptions } from './google-provider-options.js';
import { toGoogleProviderTool } from './google-tools.js';
import { convertToGoogleContents } from './convert-to-google-contents.js';

/**
 * Builds the JSON body of `streamGenerateContent` from a Tandem `ModelRequest`.
 *
 * Function parameters go in `parametersJsonSchema`, which takes standard JSON Schema as it is, instead of
 * `parameters`, which takes only Google's OpenAPI 3.0 subset (no `$ref`, `oneOf`, `additionalProperties`,
 * …) and would need a lossy conversion. For the same reason `responseFormat` becomes `responseMimeType:
 * 'application/json'` with the schema in `responseJsonSchema`, not `responseSchema` (Gemini takes no schema
 * name; a `description` goes into the schema when it has none). `seed` is sent unless `providerOptions.google.seed`
 * overrides it. Provider tools that are not Google's are left out and reported
 * through `warn` (default: a process warning); invalid `providerOptions.google` throw `InvalidProviderOptionsError`.
 *
 * @example
 * ```ts
 * const body = buildGoogleRequestBody({ messages: [userMessage('Hi')], tools: [] });
 * ```
 *
 * @category Wire format
 */
export function buildGoogleRequestBody(
  request: ModelRequest,
  warn: (message: string) => void = emitProviderWarning,
): GoogleGenerateContentRequest {
  const options = parseProviderOptions(request.providerOptions, 'google', GoogleProviderOptions);
  const { systemInstruction, contents } = convertToGoogleContents(request.messages, { system: request.system });

  const declarations: GoogleFunctionDeclaration[] = [];
  const tools: GoogleTool[] = [];
  for (const tool of request.tools) {
    if (tool.kind === 'function') {
      declarations.push({ name: tool.name, description: tool.description, parametersJsonSchema: cleanSchema(tool.inputSchema) });
      continue;
    }
    const providerTool = toGoogleProviderTool(tool);
    if (providerTool === undefined) warn(`Google does not support the provider tool '${tool.id}'; it was not sent.`);
    else tools.push(providerTool);
  }
  if (declarations.length > 0) tools.unshift({ functionDeclarations: declarations });

  const seed = options.seed ?? request.seed;
  const generationConfig: { [key: string]: unknown } = {
    ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.topP === undefined ? {} : { topP: request.topP }),
    ...(options.topK === undefined ? {} : { topK: options.topK }),
    ...(request.stopSequences === undefined ? {} : { stopSequences: [...request.stopSequences] }),
    ...(seed === undefined ? {} : { seed }),
    ...(request.responseFormat === undefined
      ? {}
      : { responseMimeType: 'application/json', responseJsonSchema: responseJsonSchema(request.responseFormat) }),
    ...(options.responseModalities === undefined ? {} : { responseModalities: options.responseModalities }),
    ...(options.thinkingConfig === undefined ? {} : { thinkingConfig: options.thinkingConfig }),
  };
  const toolConfig = declarations.length > 0 ? mapToolChoice(request.toolChoice) : undefined;
  return {
    contents,
    ...(systemInstruction === undefined ? {} : { systemInstruction }),
    ...(tools.length > 0 ? { tools } : {}),
    ...(toolConfig === undefined ? {} : { toolConfig }),
    ...(Object.keys(generationConfig).length > 0 ? { generationConfig } : {}),
    ...(options.safetySettings === undefined ? {} : { safetySettings: options.safetySettings }),
    ...(options.cachedContent === undefined ? {} : { cachedContent: options.cachedContent }),
  };
}

function mapToolChoice(choice: ToolChoice | undefined): GoogleGenerateContentRequest['toolConfig'] {
  if (choice === undefined) return undefined;
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.toolName] } };
}

/** The schema for `responseJsonSchema`: without `$schema`, with the format's description when the schema has none. */
function responseJsonSchema(format: ResponseFormat): JsonSchema {
  const schema = cleanSchema(format.schema);
  return format.description === undefined || 'description' in schema ? schema : { ...schema, description: format.description };
}

/** Drops the `$schema` keyword, which describes the document rather than the parameters. */
function cleanSchema(schema: JsonSchema): JsonSchema {
  if (!('$schema' in schema)) return schema;
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
