/**
 * Request-side shapes of Gemini `generateContent` / `streamGenerateContent`, as this package sends them.
 * Responses are parsed with zod (see `google-stream-chunk.ts`); requests are built here, so plain types suffice.
 */

/**
 * One part of a request `Content`.
 *
 * @category Wire format
 */
export type GoogleRequestPart =
  | { readonly text: string; readonly thought?: true; readonly thoughtSignature?: string }
  | { readonly inlineData: { readonly mimeType: string; readonly data: string } }
  | { readonly fileData: { readonly mimeType: string; readonly fileUri: string } }
  | {
      readonly functionCall: { readonly id?: string; readonly name: string; readonly args: unknown };
      readonly thoughtSignature?: string;
    }
  | {
      readonly functionResponse: {
        readonly id?: string;
        readonly name: string;
        readonly response: { readonly output?: unknown; readonly error?: unknown };
      };
    }
  | { readonly executableCode: unknown; readonly thoughtSignature?: string }
  | { readonly codeExecutionResult: unknown };

/**
 * A request `Content`: a turn of the conversation.
 *
 * @category Wire format
 */
export interface GoogleContent {
  readonly role: 'user' | 'model';
  readonly parts: GoogleRequestPart[];
}

/**
 * A `FunctionDeclaration` with its parameters as standard JSON Schema.
 *
 * @category Wire format
 */
export interface GoogleFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parametersJsonSchema: { readonly [key: string]: unknown };
}

/**
 * An entry of `tools`.
 *
 * @category Wire format
 */
export type GoogleTool =
  | { readonly functionDeclarations: GoogleFunctionDeclaration[] }
  | { readonly googleSearch: { readonly [key: string]: unknown } }
  | { readonly codeExecution: { readonly [key: string]: unknown } };

/**
 * The JSON body of `streamGenerateContent`.
 *
 * @category Wire format
 */
export interface GoogleGenerateContentRequest {
  readonly contents: GoogleContent[];
  readonly systemInstruction?: { readonly parts: { readonly text: string }[] };
  readonly tools?: GoogleTool[];
  readonly toolConfig?: {
    readonly functionCallingConfig: {
      readonly mode: 'AUTO' | 'ANY' | 'NONE';
      readonly allowedFunctionNames?: string[];
    };
  };
  readonly generationConfig?: { readonly [key: string]: unknown };
  readonly safetySettings?: ReadonlyArray<{ readonly category: string; readonly threshold: string }>;
  readonly cachedContent?: string;
}
