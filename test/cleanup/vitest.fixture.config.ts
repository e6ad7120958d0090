import { defineConfig } from 'vitest/config';
import base from '../../vitest.config.js';

// The project's vitest configuration, running only the fixture test (for test/cleanup/cleanup.test.ts).
export default defineConfig({ ...base, test: { ...base.test, include: ['test/cleanup/*.fixture.ts'] } });
