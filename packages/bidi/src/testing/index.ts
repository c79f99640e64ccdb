/**
 * Test doubles for `@tandem/bidi` users: a loopback Twilio Media Stream, to test a phone agent without a phone.
 *
 * @packageDocumentation
 */
export { TwilioLoopbackCall, type TwilioLoopbackCallOptions, type TwilioServerMessage } from './twilio-loopback-call.js';
