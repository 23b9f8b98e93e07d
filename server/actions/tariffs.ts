import type { Handlers } from '../api/context';

export const tariffsHandlers: Handlers = {};
