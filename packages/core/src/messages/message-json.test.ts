import { describe, expect, it } from 'vitest';
import { messageFromJson, messageToJson } from './message-json.js';
import type { Message } from '../spec/message/v1/message.js';

describe('messageToJson / messageFromJson', () => {
  it('round-trips a compaction part and the message id', () => {
    const message: Message = { id: 'msg_9', role: 'system', parts: [{ type: 'compaction', summary: 'They planned a trip.', replacesThroughMessageId: 'msg_8' }] };
    const again = messageFromJson(JSON.parse(JSON.stringify(messageToJson(message))));
    expect(again).toEqual(message);
  });
});
