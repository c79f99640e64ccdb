import { Agent, type AgentOptions, type Tool } from '@tandem/core';
import { CliError } from '../errors/cli-error.js';
import type { LoadedConfig } from '../config/load-config.js';

/** The agent a command runs, and whether the config defines several (then views show the active agent's name). */
export interface EntryAgent {
  readonly agent: Agent;
  /** True when the config's `agents` hand off to each other: the chat shows who is answering. */
  readonly multiAgent: boolean;
  /** The names of the config's agents, the entry agent first (empty without `agents`). */
  readonly names: readonly string[];
}

/**
 * The agent `chat` and `run` talk to. Without `agents` in the config: one agent with `base` (all tools, the
 * config's system prompt). With them: every agent of the config — its own `system`, `description`, `model`
 * (else the run's), `tools` (names from the catalog; default all of them) and `handoffs` (which may point
 * back and forth) — and the entry agent named by `agent` (default the first).
 *
 * @throws CliError (`config`, exit 3) for an agent tool name that no tool has.
 *
 * @example
 * ```ts
 * const { agent, multiAgent } = entryAgent(prepared.config, prepared.agentOptions);
 * const run = agent.run(prepared.choice.model, 'I was charged twice');
 * ```
 */
export function entryAgent(config: LoadedConfig, base: AgentOptions): EntryAgent {
  const defined = Object.entries(config.agents ?? {});
  if (defined.length === 0) return { agent: new Agent(base), multiAgent: false, names: [] };
  const all = (base.tools ?? []).flat() as Tool[];
  const byName = new Map(all.map((tool) => [tool.name, tool]));
  const lists = new Map<string, Agent[]>();
  const agents = new Map<string, Agent>();
  for (const [name, spec] of defined) {
    const tools = spec.tools === undefined ? base.tools : spec.tools.map((toolName, index) => toolOf(byName, toolName, `agents.${name}.tools[${String(index)}]`, config.file));
    const handoffs: Agent[] = [];
    lists.set(name, handoffs);
    agents.set(
      name,
      new Agent({
        ...base,
        name,
        system: spec.system,
        ...(tools === undefined ? {} : { tools }),
        ...(spec.description === undefined ? {} : { description: spec.description }),
        ...(spec.model === undefined ? {} : { model: spec.model }),
        handoffs,
      }),
    );
  }
  // Wired after every agent exists, so agents may hand back to each other (the schema checked the names).
  let multiAgent = false;
  for (const [name, spec] of defined) {
    for (const target of spec.handoffs ?? []) {
      const agent = agents.get(target);
      if (agent !== undefined) lists.get(name)?.push(agent);
      multiAgent = true;
    }
  }
  const entry = agents.get(config.agent ?? defined[0]?.[0] ?? '') ?? [...agents.values()][0];
  if (entry === undefined) throw new CliError('config', `Invalid config ${config.file ?? '(none)'}: agents: expected at least one agent`);
  return { agent: entry, multiAgent, names: [entry.name, ...[...agents.keys()].filter((name) => name !== entry.name)] };
}

function toolOf(byName: ReadonlyMap<string, Tool>, name: string, path: string, file: string | undefined): Tool {
  const tool = byName.get(name);
  if (tool !== undefined) return tool;
  const known = [...byName.keys()];
  throw new CliError(
    'config',
    `Invalid config ${file ?? '(none)'}: ${path}: no tool is named "${name}" (tools: ${known.length === 0 ? 'none' : known.join(', ')}; see tandem tools)`,
  );
}
