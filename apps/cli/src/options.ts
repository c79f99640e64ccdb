/** The options every command takes (commander's camel-cased names). */
export interface GlobalOptions {
  /** `--model provider:id` (or just `provider` for its default model). */
  readonly model?: string;
  readonly system?: string;
  readonly maxSteps?: number;
  /** `--mcp "<command line>"`, repeatable. */
  readonly mcp?: readonly string[];
  /** `--mcp-url URL`, repeatable. */
  readonly mcpUrl?: readonly string[];
  /** `--header K=V`, repeatable, for every `--mcp-url` server. */
  readonly header?: readonly string[];
  /** `--tools <module>`, repeatable. */
  readonly tools?: readonly string[];
  readonly yes?: boolean;
  /** False with `--no-builtin-tools`. */
  readonly builtinTools?: boolean;
  /** `--allow-path <dir>`, repeatable: folders the built-in file tools may use besides the working directory tree. */
  readonly allowPath?: readonly string[];
  readonly config?: string;
  /** `--continue`: resume the last session started in this working directory. */
  readonly continue?: boolean;
  /** `--session <id>`: resume or create that session. */
  readonly session?: string;
  /** `--trace`: export OpenTelemetry spans over OTLP/HTTP. */
  readonly trace?: boolean;
  readonly verbose?: boolean;
  /** False with `--no-color`. */
  readonly color?: boolean;
}
