/** The reference server of the HTTPS JSON binding: answers, task status polling, capability statement. */
export { answerMessage, type ReferenceAnswer } from './answer.ts';
export { capabilityStatement } from './capability.ts';
export { TASK_RUN_SECONDS, taskStatus, type TaskStatusAnswer } from './task-status.ts';
export { decodeTaskRef, encodeTaskRef, type TaskTicket } from './task-ref.ts';
