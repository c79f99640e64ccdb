// The workerd module: GET /?config=<json> runs the program and answers the report.
import { runProgram, type ProgramConfig } from './program.js';

export default {
  async fetch(request: Request): Promise<Response> {
    const config = JSON.parse(new URL(request.url).searchParams.get('config') ?? '{}') as ProgramConfig;
    try {
      return Response.json({ ok: true, report: await runProgram(config) });
    } catch (error) {
      return Response.json({ ok: false, error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error) });
    }
  },
};
