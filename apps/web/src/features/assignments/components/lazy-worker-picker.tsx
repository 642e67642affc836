// The free-worker picker is shared with the job page (features/jobs): it lives in components/.
export { WorkerPicker } from '../../../components/worker-picker/lazy-worker-picker'
