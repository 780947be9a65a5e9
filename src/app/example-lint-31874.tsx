import { x } from '../screens/home/HomeScreen';
export const y = x;
