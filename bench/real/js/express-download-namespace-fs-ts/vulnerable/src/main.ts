import express from 'express';
import { files } from './routes/files.js';

const app = express();
app.use(files);
app.listen(3000);
