/**
 * The offline demo model of the `tandem` CLI: a deterministic, rule-based `LanguageModel` that calls the
 * tools a prompt names (several as one concurrent group, `key=value` words as arguments) and narrates
 * their results — for trying Tandem without a key or a network. Reuse it in your own demos and tests.
 *
 * @packageDocumentation
 */
export { demoModel, DEMO_PROVIDER, type DemoModelOptions } from './demo-model.js';
export { planDemoTurn, type DemoPlan, type DemoToolCall } from './plan-demo-turn.js';
