import type { Handlers } from '../api/context';

export const alarmsHandlers: Handlers = {};
