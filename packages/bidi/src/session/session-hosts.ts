import type { ConnectionHost } from '../connection/connection-lifecycle.js';
import type { DeliveryHost } from '../delivery/result-delivery.js';
import type { SpokenApprovalsHost } from '../approvals/spoken-approvals.js';
import type { ToolGroupHost } from '../tools/tool-group-tracker.js';
import type { SessionCore } from './session-core.js';
import type { ClosingConversation } from './close-conversation.js';
import type { ResponseFlowHost } from './response-flow.js';

/**
 * The narrow views each part of a conversation gets of it — what it may read and the events it reports
 * back (each report ends in one {@link SessionCore.step}) — so no part depends on the session itself. @internal
 */
export function sessionHosts(session: SessionCore): {
  readonly connection: ConnectionHost;
  readonly tools: ToolGroupHost;
  readonly delivery: DeliveryHost;
  readonly responses: ResponseFlowHost;
  readonly spoken: SpokenApprovalsHost;
  readonly closing: (message: string | undefined) => ClosingConversation;
} {
  return {
    connection: connectionHost(session),
    tools: toolsHost(session),
    delivery: deliveryHost(session),
    responses: responsesHost(session),
    spoken: spokenHost(session),
    closing: (message) => closingHost(session, message),
  };
}

function connectionHost(session: SessionCore): ConnectionHost {
  const { config } = session;
  return {
    config,
    model: () => session.model,
    signal: session.signal,
    get ending() {
      return session.ending;
    },
    emit: (body) => session.emit(body),
    handle: (event) => session.handle(event),
    responseActive: () => session.flow.active,
    interruptResponse: () => session.flow.interrupt(),
    // Results not yet delivered are left out of the replay: they are sent to the new connection instead.
    // The replay is taken now; the active agent's context manager then chooses what of it is sent.
    connectRequest: async () => {
      const profile = session.requestProfile();
      const request = {
        ...(profile.system === undefined ? {} : { system: profile.system }),
        tools: profile.tools.current().definitions,
        ...(profile.voice === undefined ? {} : { voice: profile.voice }),
        messages: session.history.replay(session.delivery.undeliveredIds()),
      };
      return { ...request, messages: await session.replay.prepare(profile.context, profile.model, request) };
    },
    attached: () => session.attached(),
    reconnected: () => {
      session.delivery.flush();
      session.step();
    },
    streamEnded: () => session.step(),
    end: (reason) => session.finish(reason),
  };
}

function toolsHost(session: SessionCore): ToolGroupHost {
  const { config } = session;
  return {
    owner: session,
    config,
    history: session.history,
    signal: session.signal,
    approvals: session.approvals,
    tracer: session.tracer,
    tools: () => session.tools(),
    emit: (body) => {
      session.emit(body);
      if (body.type === 'tool-approval-request') {
        // State is data: the session records the request, so a restarted conversation (or a text run) can answer it.
        config.store?.append({ role: 'assistant', parts: [{ type: 'tool-approval-request', toolCallId: body.toolCallId, toolName: body.toolName, input: body.input }] });
        session.spoken?.requested(body, session.tools().byName.get(body.toolName)?.delivery ?? 'when-idle');
      }
    },
    emitNested: (event) => session.emitNested(event),
    userTurns: () => session.userTurns.count,
    groupFinished: (run) => {
      if (session.end.recorded(run)) {
        const { id, delivery, userTurnsAtCall } = run;
        session.delivery.add({ id, delivery, userTurnsAtCall, results: run.results ?? [] });
      }
      session.step();
    },
  };
}

function deliveryHost(session: SessionCore): DeliveryHost {
  const { config } = session;
  return {
    signal: session.signal,
    lateResultNote: config.lateResultNote,
    target: () => {
      const current = session.connection.current;
      if (current === undefined || session.ending || session.connection.holdsResults) return undefined;
      if (!session.model.capabilities.nativeAsyncTools && session.flow.active) return undefined;
      return { connection: current, generation: session.connection.generation };
    },
    generation: () => session.connection.generation,
    userTurns: () => session.userTurns.count,
    sent: () => {
      session.flow.latency.resultsSent(config.clock.now());
      session.responseWait.start();
    },
    failed: (error, generation) => session.connection.failed(error, generation),
    settled: () => session.step(),
  };
}

function responsesHost(session: SessionCore): ResponseFlowHost {
  const { config } = session;
  return {
    config,
    model: () => session.model,
    history: session.history,
    fanout: session.fanout,
    emit: (body) => session.emit(body),
    connection: () => session.connection.current,
    answered: () => session.responseWait.answered(),
    userTurn: (text) => {
      session.userTurns.add(text);
      session.padding.turnEnded();
    },
    sendContext: (input) => {
      if (!session.ending) session.send(input).catch((error: unknown) => session.emit({ type: 'error', error, fatal: false }));
    },
  };
}

function spokenHost(session: SessionCore): SpokenApprovalsHost {
  return {
    approvals: session.approvals,
    userTurns: () => session.userTurns.count,
    userWordsSince: (count) => session.userTurns.since(count),
    emit: (body) => session.emit(body),
    sendContext: (input) => {
      if (!session.ending) session.send(input).catch((error: unknown) => session.emit({ type: 'error', error, fatal: false }));
    },
  };
}

function closingHost(session: SessionCore, message: string | undefined): ClosingConversation {
  const { config } = session;
  return {
    clock: config.clock,
    graceMs: config.stopGraceMs,
    store: config.store,
    emit: (body) => session.emit(body),
    interruptResponse: () => session.flow.interrupt(),
    toolsSettled: () => session.toolGroups.settleAll(),
    abandonTools: () => session.toolGroups.abandon(),
    hooksSettled: () => config.hooksSettled(),
    addFinalMessage: () => {
      if (message !== undefined && message.length > 0) session.history.addAssistantText(message);
    },
    closeConnection: () => session.connection.close(),
    get beforeClose() {
      return session.beforeClose;
    },
    closed: (reason) => {
      session.emit({ type: 'connection-close', reason });
      session.fanout.close();
      session.closed.resolve(reason);
    },
  };
}
