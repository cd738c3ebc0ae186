export { default } from '../products+/_list._index'
