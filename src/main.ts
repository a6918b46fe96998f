import { createApp } from 'vue'
import { createPinia } from 'pinia'
import ElementPlus from 'element-plus'
import 'element-plus/dist/index.css'
import 'element-plus/theme-chalk/dark/css-vars.css'
import App from './App.vue'
import { registerAppTools } from './app-tools'
import { createAppI18n } from './i18n'

registerAppTools()
createApp(App).use(createPinia()).use(createAppI18n()).use(ElementPlus).mount('#app')
