// `node --import ./bench/ai-v7-hooks.mjs`: runs the bench with `ai` resolved to AI SDK 7.
import { register } from 'node:module';

register('./ai-v7-resolve.mjs', import.meta.url);
