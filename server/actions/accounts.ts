import type { Handlers } from '../api/context';

export const accountsHandlers: Handlers = {};
