import { createApp } from 'vue'
import { createPinia } from 'pinia'
// Components come on demand (see vite.config.ts); the dark theme's variables are global.
import 'element-plus/theme-chalk/dark/css-vars.css'
import './styles/contrast.css'
import './styles/focus.css'
import App from './App.vue'
import { registerAppTools } from './app-tools'
import { createAppI18n } from './i18n'

registerAppTools()
createApp(App).use(createPinia()).use(createAppI18n()).mount('#app')
