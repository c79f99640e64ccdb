// Minimal clients of the Restate server's documented HTTP APIs: admin (deployments, invocations, SQL) and ingress.
import { poll } from './poll.js';

export class RestateHttp {
  constructor(
    readonly ingress: string,
    readonly admin: string,
  ) {}

  /** Registers (or re-registers) the deployment at `uri` and waits until its services are known. */
  async register(uri: string): Promise<void> {
    const response = await fetch(`${this.admin}/deployments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri, force: true }),
    });
    if (!response.ok) throw new Error(`registering ${uri} failed: ${response.status} ${await response.text()}`);
  }

  /** Calls a handler and waits for its response. */
  async call(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${this.ingress}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
  }

  /** Starts an invocation without waiting for it; resolves with its id. */
  async send(path: string, body: unknown): Promise<string> {
    const response = await fetch(`${this.ingress}/${path}/send`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await response.json()) as { invocationId?: string };
    if (!response.ok || json.invocationId === undefined) throw new Error(`send to ${path} failed: ${response.status} ${JSON.stringify(json)}`);
    return json.invocationId;
  }

  /** Waits for an invocation to finish and returns its response. */
  async attach(invocationId: string): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${this.ingress}/restate/invocation/${invocationId}/attach`);
    const text = await response.text();
    return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as unknown) };
  }

  /** Asks Restate to cancel an invocation. */
  async cancel(invocationId: string): Promise<void> {
    const response = await fetch(`${this.admin}/invocations/${invocationId}/cancel`, { method: 'PATCH' });
    if (!response.ok) throw new Error(`cancel failed: ${response.status} ${await response.text()}`);
  }

  /** Runs a query on the server's introspection tables. */
  async query<Row>(sql: string): Promise<Row[]> {
    const response = await fetch(`${this.admin}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: sql }),
    });
    if (!response.ok) throw new Error(`query failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { rows: Row[] }).rows;
  }

  /** The status of an invocation (`pending`, `scheduled`, `ready`, `running`, `backing-off`, `suspended`, `completed`, …). */
  async status(invocationId: string): Promise<string | undefined> {
    const rows = await this.query<{ status: string }>(`SELECT status FROM sys_invocation WHERE id = '${invocationId}'`);
    return rows[0]?.status;
  }

  /** Waits until an invocation has the given status. */
  untilStatus(invocationId: string, status: string): Promise<void> {
    return poll(`invocation ${invocationId} to be ${status}`, async () => ((await this.status(invocationId)) === status ? true : undefined)).then(() => undefined);
  }
}
