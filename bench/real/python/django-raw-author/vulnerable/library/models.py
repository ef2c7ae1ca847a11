from django.db import models


class Book(models.Model):
    title = models.CharField(max_length=200)
    author = models.CharField(max_length=120, db_index=True)
    year = models.IntegerField(null=True)
