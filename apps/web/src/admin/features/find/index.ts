/** Find anything (DESIGN §23): the top bar's search box. */
export { FindBox } from './FindBox.tsx';
