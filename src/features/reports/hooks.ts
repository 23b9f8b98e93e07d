export { useCommand } from '../../hooks/useCommand';
