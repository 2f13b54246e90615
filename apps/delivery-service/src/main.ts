import { runService } from '@herald/service-kit';
import { readConfig } from './config';
import { limitHeapGrowth } from './platform';
import { build } from './server';

const config = readConfig();
limitHeapGrowth(config.HEAP_GROWING_PERCENT);
void runService('delivery-service', config, build);
