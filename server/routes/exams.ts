// Test launch, exam start, test-platform token, results.
import type { FastifyInstance } from 'fastify';

export function registerExamRoutes(_app: FastifyInstance): void {}
