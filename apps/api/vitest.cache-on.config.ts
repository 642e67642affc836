import { defineProject } from 'vitest/config'
import api from './vitest.config'

// The API tests of cached reads (decision 014) once more, with the read cache on. The `api` project
// runs with it off (its tests change rows with SQL and read them back at once); on PGlite a change's
// notice reaches the cache before the writing statement returns, so these run exactly with it on.
// Only the files whose routes are cached, or that change accounts behind the account cache, run
// twice: `npm test` stays short (docs/architecture.md, "Tests").
export default defineProject({
  ...api,
  test: {
    ...api.test,
    name: 'api-cache-on',
    include: [
      // GET /api/workerservices, /api/skilledworker, /api/workers/suggestions
      'src/modules/workers/*.test.ts',
      // GET /api/assignmentdetails, /api/workflow/{taskId} after schedules, edits and status changes
      'src/modules/assignments/{edit,reads,schedule}.test.ts',
      'src/modules/tasks/status.test.ts',
      'src/modules/payments/{payments,online}.test.ts',
      // The account cache: a disabled account, a changed role, a logout or a new password apply at once
      'src/modules/auth/{auth,sessions}.test.ts',
      'src/modules/users/users.test.ts',
    ],
    env: { ...api.test?.env, TEST_READ_CACHE: '1' },
  },
})
