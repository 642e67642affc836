// The free-worker suggestions are shared with the job page: their one owner is lib/shared-api.
export {
  getWorkerSuggestions,
  useWorkerSuggestions,
  workerSuggestionsQuery,
} from '../../../lib/shared-api/worker-suggestions'
