// The module that carries components.css: importing it loads the stylesheet (Vite waits for it).
import './components.css';
