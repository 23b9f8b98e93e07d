import type { Handlers } from '../api/context';

export const strategiesHandlers: Handlers = {};
